import { Faker, en } from '@faker-js/faker';
import type { Db } from '../core/db.ts';

/**
 * The seeded catalogue: thousands of marine and cycle parts, generated from a fixed faker seed so
 * every fresh database holds the same products (tests and demo links rely on the ids).
 */

export type ShipClass = 'now' | 'later' | 'backordered' | 'possible_delays' | 'never' | 'unknown';

interface Manufacturer {
  id: number;
  store: 'marine' | 'cycle';
  brand: string;
  supplier: string;
  sku: (f: Faker) => string;
  site: string;
}

const MARINE_SITE = 'https://www.marineparts.example';
const CYCLE_SITE = 'https://www.cycleparts.example';

export const MANUFACTURERS: readonly Manufacturer[] = [
  {
    id: 1,
    store: 'marine',
    brand: 'Evinrude/Johnson/OMC',
    supplier: 'BRP Parts Distribution',
    site: MARINE_SITE,
    sku: (f) => f.string.numeric(7),
  },
  {
    id: 2,
    store: 'marine',
    brand: 'Mercury',
    supplier: 'Mercury Marine Parts',
    site: MARINE_SITE,
    sku: (f) =>
      `${f.helpers.arrayElement(['8M', '27-', '47-', '18-'])}${f.string.numeric(6)}${f.helpers.arrayElement(['', 'A1', 'T', 'Q02'])}`,
  },
  {
    id: 10,
    store: 'marine',
    brand: 'Yamaha',
    supplier: 'Yamaha Marine Parts',
    site: MARINE_SITE,
    sku: (f) =>
      `${f.string.alphanumeric({ length: 3, casing: 'upper' })}-${f.string.numeric(5)}-${f.string.numeric(2)}-00`,
  },
  {
    id: 21,
    store: 'marine',
    brand: 'Outboard Recycle',
    supplier: 'Outboard Recycle Warehouse',
    site: MARINE_SITE,
    sku: (f) => `OR-${f.string.numeric(6)}`,
  },
  {
    id: 24,
    store: 'marine',
    brand: 'Suzuki',
    supplier: 'Suzuki Marine Parts',
    site: MARINE_SITE,
    sku: (f) => `${f.string.numeric(5)}-${f.string.numeric(5)}`,
  },
  {
    id: 10,
    store: 'cycle',
    brand: 'Yamaha',
    supplier: 'Yamaha Motor Parts',
    site: CYCLE_SITE,
    sku: (f) =>
      `${f.string.alphanumeric({ length: 3, casing: 'upper' })}-${f.string.numeric(5)}-${f.string.numeric(2)}-00`,
  },
  {
    id: 25,
    store: 'cycle',
    brand: 'Yamaha Bicycles',
    supplier: 'Yamaha Bicycle Parts',
    site: CYCLE_SITE,
    sku: (f) =>
      `X${f.string.alphanumeric({ length: 2, casing: 'upper' })}-${f.string.numeric(5)}-${f.string.numeric(2)}`,
  },
];

const MARINE_PARTS = [
  'Water Pump Impeller',
  'Water Pump Repair Kit',
  'Thermostat',
  'Thermostat Gasket',
  'Spark Plug',
  'Fuel Filter',
  'Fuel Pump',
  'Fuel Line Connector',
  'Lower Unit Seal Kit',
  'Gear Case Gasket',
  'Propeller Shaft Seal',
  'Propeller',
  'Trim Tab Anode',
  'Zinc Anode',
  'Ignition Coil',
  'Stator',
  'Rectifier Regulator',
  'Starter Motor',
  'Starter Solenoid',
  'Carburetor Rebuild Kit',
  'Power Pack',
  'Tilt Trim Motor',
  'Shift Cable',
  'Throttle Cable',
  'Piston Ring Set',
  'Head Gasket',
  'Exhaust Housing Gasket',
  'Oil Filter',
  'Gear Lube',
  'Drive Shaft Bearing',
  'Cooling Hose',
  'Poppet Valve',
  'Flywheel Key',
  'Pull Starter Rope',
  'Tiller Handle Grip',
  'Kill Switch Lanyard',
];
const CYCLE_PARTS = [
  'Brake Pad Set',
  'Chain',
  'Front Sprocket',
  'Rear Sprocket',
  'Clutch Cable',
  'Clutch Plate Kit',
  'Air Filter',
  'Oil Filter',
  'Spark Plug',
  'Fork Seal Kit',
  'Brake Lever',
  'Mirror',
  'Handlebar Grip',
  'Drive Unit Cover',
  'Battery Charger',
  'Crank Arm',
  'Derailleur Hanger',
  'Display Unit',
  'Headlight Bulb',
  'Wheel Bearing Kit',
  'Brake Rotor',
  'Throttle Tube',
  'Radiator Hose',
  'Kickstand Spring',
];
const QUALIFIERS = ['', '', 'Assembly', 'Kit', 'Set', 'Upper', 'Lower', 'Port', 'Starboard', 'Heavy Duty', 'OEM'];
const MARINE_MODELS = [
  '2-stroke 9.9-15 HP',
  '4-stroke 40-60 HP',
  'V6 150-225 HP',
  'E-TEC 90-115 HP',
  '4-stroke 200-300 HP',
  'Verado 250-350 HP',
  'Portable 2.5-6 HP',
];
const CYCLE_MODELS = ['YZ250F', 'MT-07', 'R3', 'XT250', 'TW200', 'Wabash RT', 'CrossCore RC', 'Moro 07', 'Urban Rush'];

/** Fixed products the spec's developer page uses as samples; always purchasable. */
export const SAMPLE_PRODUCTS = [
  { product_id: 1374449, mfg: 1, sku: '0437512', name: 'Water Pump Repair Kit', price: 64.95, discounted: 58.46 },
  { product_id: 2043, mfg: 10, sku: '6E5-44352-01-00', name: 'Water Pump Impeller', price: 24.31, discounted: 24.31 },
  { product_id: 15732, mfg: 1, sku: '0777213', name: 'Spark Plug QL77JC4', price: 8.6, discounted: 7.74 },
] as const;

/**
 * A fixture, not part of the catalogue proper: products whose discounted price carries fractions
 * of a cent, as another backend may send them, so the front end's handling of such prices stays
 * tested (store-api/README.md). Always purchasable.
 */
export const SUB_CENT_PRODUCTS = [
  { product_id: 990001, mfg: 1, sku: '9900001', name: 'Water Pump Repair Kit', price: 64.95, discounted: 58.455 },
  { product_id: 990002, mfg: 1, sku: '9900002', name: 'Spark Plug QL77JC4', price: 8.6, discounted: 7.7425 },
  { product_id: 990003, mfg: 10, sku: '6E5-99003-00-00', name: 'Thermostat Gasket', price: 3.99, discounted: 3.3333 },
] as const;

/** Catalogue prices are whole cents per unit, as real catalogues' are. */
function toCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export const MARINE_COUNT = 5200;
export const CYCLE_COUNT = 1100;

/** Manufacturer delay notices shown with baskets of that store. */
export const MFG_DELAYS = [
  { store_id: 'marine', mfg_account_id: 2, url: 'https://www.marineparts.example/mercury-delays.html' },
  { store_id: 'marine', mfg_account_id: 24, url: 'https://www.marineparts.example/suzuki-delays.html' },
  { store_id: 'cycle', mfg_account_id: 25, url: 'https://www.cycleparts.example/yamaha-bicycles-delays.html' },
] as const;

function shipClassFor(f: Faker): ShipClass {
  return f.helpers.weightedArrayElement([
    { weight: 55, value: 'now' as const },
    { weight: 14, value: 'later' as const },
    { weight: 8, value: 'backordered' as const },
    { weight: 8, value: 'possible_delays' as const },
    { weight: 7, value: 'never' as const },
    { weight: 8, value: 'unknown' as const },
  ]);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function seedCatalogue(db: Db): void {
  const f = new Faker({ locale: [en] });
  f.seed(20260415);
  const insert =
    db.prepare(`INSERT INTO products (product_id, store_id, mfg_account_id, sku, name, description, product_url,
    base_price, price_discounted, ship_class, inventory, eta, sm_image, supplier_name, supplier_days_delayed, customer_can_buy)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const fixed = [...SAMPLE_PRODUCTS, ...SUB_CENT_PRODUCTS];
  const seen = new Set<string>(fixed.map((sample) => `marine:${sample.mfg}:${sample.sku}`));

  const generate = (store: 'marine' | 'cycle', count: number, firstId: number) => {
    const makers = MANUFACTURERS.filter((m) => m.store === store);
    for (let i = 0; i < count; i += 1) {
      const maker = makers[i % makers.length] as Manufacturer;
      let sku = maker.sku(f);
      while (seen.has(`${store}:${maker.id}:${sku}`)) sku = maker.sku(f);
      seen.add(`${store}:${maker.id}:${sku}`);
      const part = f.helpers.arrayElement(store === 'marine' ? MARINE_PARTS : CYCLE_PARTS);
      const qualifier = f.helpers.arrayElement(QUALIFIERS);
      const name = `${part}${qualifier ? ` ${qualifier}` : ''}`;
      const model = f.helpers.arrayElement(store === 'marine' ? MARINE_MODELS : CYCLE_MODELS);
      const description = `${maker.brand} ${name} for ${model}`;
      // About 1% are listed without a price: the API must refuse to sell them.
      const basePrice =
        f.number.int({ min: 0, max: 99 }) === 0 ? 0 : f.number.float({ min: 1.5, max: 1800, fractionDigits: 2 });
      const discount = f.helpers.weightedArrayElement([
        { weight: 60, value: 0 },
        { weight: 25, value: f.number.float({ min: 0.05, max: 0.15, fractionDigits: 3 }) },
        { weight: 15, value: f.number.float({ min: 0.15, max: 0.35, fractionDigits: 3 }) },
      ]);
      const discounted = toCents(basePrice * (1 - discount));
      const shipClass = shipClassFor(f);
      const inventory =
        shipClass === 'now'
          ? f.number.int({ min: 1, max: 250 })
          : shipClass === 'never'
            ? 0
            : f.number.int({ min: 0, max: 4 });
      const delayed =
        shipClass === 'backordered' || shipClass === 'possible_delays'
          ? f.number.int({ min: 3, max: 60 })
          : f.number.int({ min: 0, max: 30 }) === 0
            ? f.number.int({ min: 1, max: 10 })
            : 0;
      const eta =
        shipClass === 'later'
          ? '3-5 days'
          : shipClass === 'backordered' || shipClass === 'possible_delays'
            ? f.date.soon({ days: 60, refDate: '2026-01-01T00:00:00Z' }).toISOString().slice(0, 10)
            : null;
      const canBuy = f.number.int({ min: 0, max: 32 }) === 0 ? 0 : 1;
      const image =
        f.number.int({ min: 0, max: 9 }) === 0 ? null : `${maker.site}/images/parts/${maker.id}/${slug(sku)}-sm.jpg`;
      insert.run(
        firstId + i,
        store,
        maker.id,
        sku,
        name,
        description,
        `${maker.site}/parts/${maker.id}/${slug(sku)}.html`,
        basePrice,
        discounted,
        shipClass,
        inventory,
        eta,
        image,
        maker.supplier,
        delayed,
        canBuy,
      );
    }
  };
  generate('marine', MARINE_COUNT, 200001);
  generate('cycle', CYCLE_COUNT, 400001);

  for (const sample of fixed) {
    const maker = MANUFACTURERS.find((m) => m.store === 'marine' && m.id === sample.mfg) as Manufacturer;
    insert.run(
      sample.product_id,
      'marine',
      sample.mfg,
      sample.sku,
      sample.name,
      `${maker.brand} ${sample.name}`,
      `${maker.site}/parts/${sample.mfg}/${slug(sample.sku)}.html`,
      sample.price,
      sample.discounted,
      'now',
      120,
      null,
      `${maker.site}/images/parts/${sample.mfg}/${slug(sample.sku)}-sm.jpg`,
      maker.supplier,
      0,
      1,
    );
  }

  const delay = db.prepare('INSERT INTO mfg_delays (store_id, mfg_account_id, url) VALUES (?, ?, ?)');
  for (const notice of MFG_DELAYS) delay.run(notice.store_id, notice.mfg_account_id, notice.url);
}
