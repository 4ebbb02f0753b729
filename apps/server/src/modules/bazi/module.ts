import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';

/** Registers the bazi feature's routes under /api. Filled in by the bazi issue. */
export async function registerBaziModule(_api: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
