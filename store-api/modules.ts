import type { RouteModule } from './core/route-module.ts';
import { basketModule } from './routes/basket.ts';
import { graphqlModule } from './routes/graphql.ts';
import { authModule } from './routes/auth.ts';
import { accountModule } from './routes/account.ts';
import { shippingModule } from './routes/shipping.ts';
import { checkoutModule } from './routes/checkout.ts';
import { ordersModule } from './routes/orders.ts';
import { orderClaimsModule } from './routes/order-claims.ts';
import { warehouseModule } from './routes/warehouse.ts';
import { trackingModule } from './routes/tracking.ts';
import { ratingModule } from './routes/rating.ts';
import { addressModule } from './routes/address.ts';
import { widgetsModule } from './routes/widgets.ts';

/** Every route module, in seeding order. Modules add themselves here. */
export const modules: RouteModule[] = [
  basketModule,
  graphqlModule,
  authModule,
  accountModule,
  shippingModule,
  checkoutModule,
  ordersModule,
  orderClaimsModule,
  warehouseModule,
  trackingModule,
  ratingModule,
  addressModule,
  widgetsModule,
];
