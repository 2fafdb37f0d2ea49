import { OpenAPIHono } from '@hono/zod-openapi';
import { buildSchema, printSchema } from 'graphql';
import { modules } from '../modules.ts';
import { serverOperations } from '../server.ts';
import { typeDefs } from '../routes/graphql.ts';

/** The OpenAPI 3.1 document of every public route, from the operations the server mounts. */
export function openApiDocument(): object {
  const app = new OpenAPIHono();
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  for (const operation of [...serverOperations, ...modules.flatMap((module) => module.operations)])
    app.openAPIRegistry.registerPath(operation);
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Reference store API',
      version: '1.0.0',
      description:
        'The store API contract as the reference implementation answers it (store-api/README.md describes each route).',
    },
  });
}

/** The cart's GraphQL schema (POST /graphql) in SDL, as the server builds it. */
export function graphqlSdl(): string {
  return `${printSchema(buildSchema(typeDefs))}\n`;
}

/** The committed files and their contents, as `npm run contract` writes them. */
export function contractFiles(): Record<string, string> {
  return {
    'openapi.json': `${JSON.stringify(openApiDocument(), null, 2)}\n`,
    'schema.graphql': graphqlSdl(),
  };
}
