import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';

/** Registers the reward feature's routes under /api. Filled in by the reward issue. */
export async function registerRewardModule(_api: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
