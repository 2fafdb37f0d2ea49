import type { ASTNode } from 'graphql';
import { createGraphQLError, createSchema, createYoga, type Plugin } from 'graphql-yoga';
import type { Db } from '../core/db.ts';
import { ApiError } from '../core/errors.ts';
import {
  basketView,
  clearBasket,
  setLineQuantity,
  findBasket,
  requireBasketFor,
  type BasketItem,
  type BasketView,
} from '../data/baskets.ts';
import { mayUseBasket, type BasketCaller } from '../rules/ownership.ts';
import { callerOf } from '../core/basket-key.ts';
import { isInStock, QUANTITY_EXCEEDS_MESSAGE, roundCents } from '../rules/basket.ts';
import { GRAPHQL_LIMITS, NoIntrospectionRule, QueryLimitsRule, withoutSuggestions } from '../rules/graphql-limits.ts';
import type { RouteModule } from '../core/route-module.ts';
import type { ApiEnv } from '../core/context.ts';
import { at, json, jsonBody } from '../core/operation.ts';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';

/** The second cart source of the spec: the same basket, shaped as a cart order with lines. */

export const typeDefs = /* GraphQL */ `
  type TaxTotal {
    name: String!
    amount: Float!
  }
  type Supplier {
    name: String!
  }
  type SupplierInventory {
    supplier: Supplier!
    quantity: Int!
  }
  type Product {
    displayName: String!
    id: Int!
    name: String!
    isInStock: Boolean!
    productUrl: String!
    sku: String!
    supplierDaysDelayed: Int!
    thumbnail: String
    supplierInventory: [SupplierInventory!]!
  }
  type OrderLine {
    id: Int!
    name: String!
    quantity: Int!
    priceUnit: Float!
    priceSubtotal: Float!
    priceTotal: Float!
    priceTax: Float!
    shopWarning: String
    product: Product!
  }
  type CartOrder {
    id: Int!
    name: String!
    taxTotals: [TaxTotal!]!
    amountUntaxed: Float!
    amountTax: Float!
    amountTotal: Float!
    amountSubtotal: Float!
    amountDiscounts: Float!
    currencyRate: Float!
    stage: String!
    orderUrl: String!
    basketNum: String!
    orderLines: [OrderLine!]!
  }
  type Query {
    cart(basketNum: String!): CartOrder
  }
  type Mutation {
    cartRemoveItem(basketNum: String!, lineId: Int!): CartOrder!
    cartUpdateItem(basketNum: String!, lineId: Int!, quantity: Int!): CartOrder!
    cartClear(basketNum: String!): CartOrder!
  }
`;

function line(item: BasketItem) {
  return {
    id: item.line_id,
    name: item.name,
    quantity: item.quantity,
    priceUnit: item.pricediscounted,
    priceSubtotal: roundCents(item.extprice),
    priceTotal: roundCents(item.extprice),
    priceTax: 0,
    shopWarning: item.quantity_exceeds_inventory ? QUANTITY_EXCEEDS_MESSAGE : null,
    product: {
      displayName: `[${item.sku}] ${item.name}`,
      id: item.product_id,
      name: item.name,
      isInStock: isInStock(item.ship_class, item.inventory),
      productUrl: item.product_url,
      sku: item.sku,
      supplierDaysDelayed: item.supplier_days_delayed,
      thumbnail: item.sm_image,
      supplierInventory: item.supplier_name
        ? [{ supplier: { name: item.supplier_name }, quantity: item.inventory }]
        : [],
    },
  };
}

export function cartOrder(view: BasketView) {
  const order = view.ORDER;
  return {
    id: view.id,
    name: `S${String(view.id).padStart(5, '0')}`,
    taxTotals: [{ name: 'Sales tax', amount: order.tax }],
    amountUntaxed: roundCents(order.subtotal + order.shipping),
    amountTax: order.tax,
    amountTotal: order.orderTotal,
    amountSubtotal: order.subtotal,
    amountDiscounts: roundCents(view.BASKET.reduce((sum, item) => sum + item.saved_amount, 0)),
    currencyRate: 1,
    stage: order.ordered ? 'sale' : 'draft',
    orderUrl: `/?basketNum=${encodeURIComponent(order.basketNum)}`,
    basketNum: order.basketNum,
    orderLines: view.BASKET.map(line),
  };
}

/** Store errors become GraphQL errors whose message the client may show; anything else stays masked. */
function guarded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ApiError)
      throw createGraphQLError(error.message, {
        extensions: { code: error.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', status: error.status },
      });
    throw error;
  }
}

interface CartContext {
  db: Db;
  caller: BasketCaller;
}

/** The same ownership rule as the REST calls: someone else's basket is unknown here too. */
function visibleCart(db: Db, basketNum: string, caller: BasketCaller) {
  const basket = findBasket(db, basketNum);
  if (!basket || !mayUseBasket({ userId: basket.user_id, ownerKey: basket.owner_key }, caller, 'items')) return null;
  return cartOrder(basketView(db, basketNum));
}

export function createCartGraphql(db: Db, options: { schemaHidden: boolean } = { schemaHidden: true }) {
  const schema = createSchema<CartContext>({
    typeDefs,
    resolvers: {
      Query: {
        cart: (_: unknown, args: { basketNum: string }, context: CartContext) =>
          visibleCart(db, args.basketNum, context.caller),
      },
      Mutation: {
        cartRemoveItem: (_: unknown, args: { basketNum: string; lineId: number }, context: CartContext) =>
          guarded(() => {
            requireBasketFor(db, args.basketNum, context.caller, 'items');
            setLineQuantity(db, args.basketNum, args.lineId, 0);
            return cartOrder(basketView(db, args.basketNum));
          }),
        cartUpdateItem: (
          _: unknown,
          args: { basketNum: string; lineId: number; quantity: number },
          context: CartContext,
        ) =>
          guarded(() => {
            requireBasketFor(db, args.basketNum, context.caller, 'items');
            if (!Number.isInteger(args.quantity) || args.quantity < 0 || args.quantity > 9999) {
              throw new ApiError(400, 'quantity: must be a whole number from 0 to 9999');
            }
            setLineQuantity(db, args.basketNum, args.lineId, args.quantity);
            return cartOrder(basketView(db, args.basketNum));
          }),
        cartClear: (_: unknown, args: { basketNum: string }, context: CartContext) =>
          guarded(() => {
            requireBasketFor(db, args.basketNum, context.caller, 'items');
            clearBasket(db, args.basketNum);
            return cartOrder(basketView(db, args.basketNum));
          }),
      },
    },
  });
  return createYoga<CartContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: false,
    logging: false,
    maskedErrors: true,
    plugins: [queryLimits(options.schemaHidden)],
  });
}

/**
 * Depth, alias and cost limits for every request; outside test mode also no introspection and no
 * field suggestions, so the schema is not handed to whoever asks (the site passes /api/ calls on).
 */
function queryLimits(schemaHidden: boolean): Plugin<CartContext> {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(QueryLimitsRule);
      if (schemaHidden) addValidationRule(NoIntrospectionRule);
      if (!schemaHidden) return undefined;
      return ({ result, setResult }) => {
        const errors = result as readonly { message: string; nodes?: readonly ASTNode[] | undefined }[];
        if (errors.length > 0)
          setResult(
            errors.map((error) =>
              createGraphQLError(withoutSuggestions(error.message), { nodes: error.nodes ?? null }),
            ),
          );
      };
    },
  };
}

const graphqlAnswer = z
  .object({
    data: z.record(z.string(), z.unknown()).nullable().optional(),
    errors: z.array(z.object({ message: z.string() }).loose()).optional(),
  })
  .meta({ description: 'A GraphQL answer; the types are those of contract/schema.graphql' });
const graphqlRequest = z.object({
  query: z.string(),
  variables: z.record(z.string(), z.unknown()).optional(),
  operationName: z.string().optional(),
});
const graphqlResponses = { 200: json(graphqlAnswer), 400: json(graphqlAnswer, 'Query too large, or not GraphQL') };

const graphqlPost = createRoute({
  method: 'post',
  path: '/graphql',
  summary: 'The cart as GraphQL (contract/schema.graphql)',
  request: { body: jsonBody(graphqlRequest) },
  responses: graphqlResponses,
});
const graphqlGet = createRoute({
  method: 'get',
  path: '/graphql',
  summary: 'The cart as GraphQL, query in the URL',
  request: {
    query: z.object({ query: z.string(), variables: z.string().optional(), operationName: z.string().optional() }),
  },
  responses: graphqlResponses,
});

export const graphqlModule: RouteModule = {
  name: 'graphql',
  operations: [graphqlGet, graphqlPost],
  register(app, ctx) {
    const yoga = createCartGraphql(ctx.db, { schemaHidden: ctx.mode !== 'test' });
    const answer = async (c: Context<ApiEnv>) => {
      // Refused before parsing: a long query costs parse time even when validation refuses it.
      const length =
        c.req.method === 'GET'
          ? (c.req.query('query') ?? '').length
          : (await c.req.raw.clone().arrayBuffer()).byteLength;
      if (length > GRAPHQL_LIMITS.maxQueryBytes)
        return c.json({ errors: [{ message: `query too large: at most ${GRAPHQL_LIMITS.maxQueryBytes} bytes` }] }, 400);
      return yoga.fetch(c.req.raw, { db: ctx.db, caller: callerOf(c) });
    };
    app.on(...at(graphqlGet), answer);
    app.on(...at(graphqlPost), answer);
  },
};
