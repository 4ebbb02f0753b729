import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '@lingxi/shared';

/**
 * The OpenAPI document is generated from the same zod contracts the routes validate with. Off in production unless
 * API_DOCS=true: a map of every endpoint helps an attacker more than a user.
 */
export async function registerSwagger(app: FastifyInstance, enabled: boolean) {
  if (!enabled) return;
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0', description: '所有接口位于 /api 之下，返回 {success, message, data}。' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
