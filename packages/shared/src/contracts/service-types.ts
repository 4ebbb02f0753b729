import { z } from 'zod';
import { envelope } from './common';

export const serviceCategory = z.enum(['fortune', 'companion']);

/** A persona's paid deep service as sold now (null: only free chat). Money is integer fen. */
export const deepOffer = z.object({
  price_fen: z.number().int(),
  replies: z.number().int(),
  title: z.string(),
  includes: z.array(z.string()),
});
export type DeepOffer = z.infer<typeof deepOffer>;

export const serviceType = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  icon_name: z.string(),
  color: z.string(),
  feature: z.string(),
  category: serviceCategory,
  deep: deepOffer.nullable(),
});
export type ServiceType = z.infer<typeof serviceType>;

export const serviceTypeList = envelope(z.array(serviceType));
export const serviceTypeOne = envelope(serviceType);
export const serviceTypeParams = z.object({ key: z.string().min(1).max(64, { error: '服务类型不存在' }) });
