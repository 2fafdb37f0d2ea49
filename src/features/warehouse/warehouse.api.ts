import { z } from 'zod/mini';
import { request } from '~/lib/api/client';
import type { WarehouseStatus } from './warehouse';

const percent = z.pipe(
  z.optional(z.nullable(z.union([z.number(), z.string()]))),
  z.transform((value) => {
    const number = Number(value ?? 0);
    return Number.isFinite(number) ? number : 0;
  }),
);
const band = z.object({ days_to_ship: z.union([z.number(), z.string()]), rush: percent, standard: percent, no_rush: percent });

export const warehouseSchema = z.object({
  status: z.enum(['green', 'yellow', 'red']),
  in_stock: z.array(band),
  non_stocked: z.array(band),
  date: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value ?? ''),
  ),
});

export async function fetchWarehouseStatus(): Promise<WarehouseStatus | null> {
  const result = await request({ flag: 'warehouseStatus', url: 'v2/reports/warehouse-status', params: { format: 'full_report' } });
  if (!result.ok) return null;
  const parsed = warehouseSchema.safeParse(result.body);
  return parsed.success ? parsed.data : null;
}
