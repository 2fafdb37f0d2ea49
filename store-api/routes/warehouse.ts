import { z } from 'zod';
import type { Db } from '../core/db.ts';
import { IN_STOCK_BANDS, NON_STOCKED_BANDS, reportDate, warehouseColour, type BandEntry } from '../rules/warehouse.ts';
import { parseInput } from '../core/input.ts';
import type { RouteModule } from '../core/route-module.ts';
import { at, failures, json } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS warehouse_bands (
  kind TEXT NOT NULL CHECK (kind IN ('in_stock', 'non_stocked')),
  days_to_ship INTEGER NOT NULL,
  band TEXT NOT NULL,
  rush REAL NOT NULL,
  standard REAL NOT NULL,
  no_rush REAL NOT NULL,
  PRIMARY KEY (kind, days_to_ship)
);
`;

/** Percent of each class's orders per band over the last weeks; each column adds up to 100. */
const IN_STOCK_SHARES: readonly [number, number, number][] = [
  [82, 64, 41],
  [14, 24, 30],
  [2, 5, 12],
  [1, 3, 7],
  [1, 2, 4],
  [0, 1, 3],
  [0, 1, 2],
  [0, 0, 1],
  [0, 0, 0],
];
const NON_STOCKED_SHARES: readonly [number, number, number][] = [
  [78, 71, 62],
  [15, 19, 24],
  [7, 10, 14],
];

function seed(db: Db): void {
  const insert = db.prepare(
    'INSERT INTO warehouse_bands (kind, days_to_ship, band, rush, standard, no_rush) VALUES (?, ?, ?, ?, ?, ?)',
  );
  IN_STOCK_BANDS.forEach(({ days, band }, index) =>
    insert.run('in_stock', days, band, ...(IN_STOCK_SHARES[index] ?? [0, 0, 0])),
  );
  NON_STOCKED_BANDS.forEach(({ days, band }, index) =>
    insert.run('non_stocked', days, band, ...(NON_STOCKED_SHARES[index] ?? [0, 0, 0])),
  );
}

function bands(db: Db, kind: 'in_stock' | 'non_stocked'): BandEntry[] {
  return db
    .prepare(
      'SELECT days_to_ship, band, rush, standard, no_rush FROM warehouse_bands WHERE kind = ? ORDER BY days_to_ship',
    )
    .all(kind) as unknown as BandEntry[];
}

const query = z.object({ format: z.enum(['full_report', 'status'], { message: 'full_report or status' }).optional() });

const band = z.object({
  days_to_ship: z.number(),
  band: z.string(),
  rush: z.number(),
  standard: z.number(),
  no_rush: z.number(),
});
const statusRoute = createRoute({
  method: 'get',
  path: '/v2/reports/warehouse-status',
  summary: 'How fast the warehouse ships; the bands with format=full_report',
  request: { query },
  responses: {
    200: json(
      z.object({
        status: z.enum(['green', 'yellow', 'red']),
        in_stock: z.array(band).optional(),
        non_stocked: z.array(band).optional(),
        date: z.string(),
      }),
    ),
    ...failures(400),
  },
});

export const warehouseModule: RouteModule = {
  name: 'warehouse',
  operations: [statusRoute],
  schema: SCHEMA,
  seed,
  register(app, ctx) {
    app.on(...at(statusRoute), (c) => {
      const { format } = parseInput(query, c.req.query(), 'query');
      const inStock = bands(ctx.db, 'in_stock');
      const nonStocked = bands(ctx.db, 'non_stocked');
      const status = warehouseColour(inStock, nonStocked);
      const date = reportDate(ctx.now());
      if (format !== 'full_report') return c.json({ status, date });
      return c.json({ status, in_stock: inStock, non_stocked: nonStocked, date });
    });
  },
};
