import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';

/** Registers the wechat feature's routes under /api. Filled in by the wechat issue. */
export async function registerWechatModule(_api: FastifyInstance, _ctx: ModuleContext): Promise<void> {}
