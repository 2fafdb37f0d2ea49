/**
 * Every store-API call of this front end: both spec documents and store-api/README.md, nothing
 * else, one module per domain under endpoints/. `import * as ENDPOINTS` of this file reads them as
 * one table on the server: the proxy allowlist is the entries with `proxy`; the contract test
 * checks every entry against the reference API's routes. Browser code imports the domain's own
 * module, so an island's bundle carries only its domains' calls and decoders (ESLint holds it).
 */
export * from './endpoints/basket';
export * from './endpoints/account';
export * from './endpoints/checkout';
export * from './endpoints/orders';
export * from './endpoints/public-pages';
export * from './endpoints/widgets';
