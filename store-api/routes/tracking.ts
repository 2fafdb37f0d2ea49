import { z } from 'zod';
import type { Db } from '../core/db.ts';
import { notFound } from '../core/errors.ts';
import { TRACKING } from '../seed/orders.ts';
import type { RouteModule } from '../core/route-module.ts';
import { at as mountAt, failures, json } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';

/**
 * Shipment tracking (spec checkout §3 Tracking): carrier data in the easyPost shape with history
 * and locations, parcel post (not trackable), or a third party's tracking page.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS shipments (
  tracking_number TEXT PRIMARY KEY COLLATE NOCASE,
  data_json TEXT NOT NULL
);
`;

const DAY = 86_400_000;
const at = (now: Date, daysAgo: number, hour: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo, hour)).toISOString();
const place = (city: string, state: string) => ({ city, state, country: 'US' });

export function seededShipments(now: Date): Record<string, unknown> {
  return {
    [TRACKING.inTransit]: {
      dataType: 'easyPost',
      dateCreated: at(now, 4, 15),
      packageStatus: {
        status: 'in_transit',
        created: at(now, 4, 15),
        eta: at(new Date(now.getTime() + 2 * DAY), 0, 20),
        carrier: 'USPS',
        signedby: null,
      },
      packageHistory: [
        {
          status: 'pre_transit',
          message: 'Shipping Label Created',
          datetime: at(now, 4, 15),
          tracking_location: place('Salt Lake City', 'UT'),
        },
        {
          status: 'in_transit',
          message: 'Accepted at USPS Origin Facility',
          datetime: at(now, 3, 22),
          tracking_location: place('Salt Lake City', 'UT'),
        },
        {
          status: 'in_transit',
          message: 'Arrived at USPS Regional Facility',
          datetime: at(now, 2, 9),
          tracking_location: place('Denver', 'CO'),
        },
        {
          status: 'in_transit',
          message: 'Departed USPS Regional Facility',
          datetime: at(now, 1, 4),
          tracking_location: place('Denver', 'CO'),
        },
      ],
    },
    [TRACKING.delivered]: {
      dataType: 'easyPost',
      dateCreated: at(now, 12, 16),
      packageStatus: {
        status: 'delivered',
        created: at(now, 12, 16),
        eta: at(now, 8, 20),
        carrier: 'UPS',
        signedby: 'C MARSH',
      },
      packageHistory: [
        {
          status: 'pre_transit',
          message: 'BILLING_INFORMATION_RECEIVED',
          datetime: at(now, 12, 16),
          tracking_location: place('Salt Lake City', 'UT'),
        },
        {
          status: 'in_transit',
          message: 'DEPARTURE_SCAN',
          datetime: at(now, 11, 23),
          tracking_location: place('Salt Lake City', 'UT'),
        },
        {
          status: 'in_transit',
          message: 'ARRIVAL_SCAN',
          datetime: at(now, 10, 7),
          tracking_location: place('Reno', 'NV'),
        },
        {
          status: 'out_for_delivery',
          message: 'Out For Delivery Today',
          datetime: at(now, 8, 8),
          tracking_location: place('Sacramento', 'CA'),
        },
        {
          status: 'delivered',
          message: 'Delivered, front door',
          datetime: at(now, 8, 14),
          tracking_location: place('Sacramento', 'CA'),
        },
      ],
    },
    [TRACKING.parcel]: {
      dataType: 'parcel',
      dateCreated: at(now, 9, 17),
      packageStatus: {
        status: 'in_transit',
        created: at(now, 9, 17),
        eta: null,
        carrier: 'Parcel Post',
        signedby: null,
      },
      packageHistory: [],
    },
    [TRACKING.thirdParty]: {
      dataType: 'other',
      dateCreated: at(now, 6, 12),
      thirdPartyTracking: {
        trackingUrl: `https://www.fedex.com/fedextrack/?trknbr=${TRACKING.thirdParty}`,
        carrier: 'FedEx',
      },
    },
  };
}

function seed(db: Db): void {
  const insert = db.prepare('INSERT INTO shipments (tracking_number, data_json) VALUES (?, ?)');
  for (const [number, data] of Object.entries(seededShipments(new Date()))) insert.run(number, JSON.stringify(data));
}

const trackingRoute = createRoute({
  method: 'get',
  path: '/a/tracking/{trackingNumber}',
  summary: 'Where a package is',
  request: { params: z.object({ trackingNumber: z.string() }) },
  responses: {
    200: json(
      z
        .object({
          trackingNumber: z.string(),
          dataType: z.enum(['easyPost', 'parcel', 'other']),
          dateCreated: z.string(),
          packageStatus: z
            .object({
              status: z.string(),
              created: z.string(),
              eta: z.string().nullable(),
              carrier: z.string(),
              signedby: z.string().nullable(),
            })
            .optional()
            .meta({ description: 'Carrier and parcel shipments' }),
          packageHistory: z
            .array(
              z
                .object({
                  status: z.string(),
                  message: z.string(),
                  datetime: z.string(),
                  tracking_location: z.object({ city: z.string(), state: z.string(), country: z.string() }).loose(),
                })
                .loose(),
            )
            .optional(),
          thirdPartyTracking: z
            .object({ trackingUrl: z.string(), carrier: z.string() })
            .optional()
            .meta({ description: 'Third-party shipments' }),
        })
        .loose(),
    ),
    ...failures(404),
  },
});

export const trackingModule: RouteModule = {
  name: 'tracking',
  operations: [trackingRoute],
  schema: SCHEMA,
  seed,
  register(app, ctx) {
    app.on(...mountAt(trackingRoute), (c) => {
      const number = (c.req.param('trackingNumber') ?? '').trim();
      const row = ctx.db.prepare('SELECT data_json FROM shipments WHERE tracking_number = ?').get(number) as
        { data_json: string } | undefined;
      if (!row) throw notFound('no shipments found');
      return c.json({
        trackingNumber: number.toUpperCase(),
        ...(JSON.parse(row.data_json) as Record<string, unknown>),
      });
    });
  },
};
