import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';

/** Registers the chat feature's routes under /api. Filled in by the chat issue. */
export async function registerChatModule(_api: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
