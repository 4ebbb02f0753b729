import { z } from 'zod';
import { CONTACT_MESSAGE_MAX } from '../constants';
import { MSG, phoneField, requiredString } from '../validation';
import { envelope } from './common';

export const contactBody = z.object({
  name: requiredString(MSG.contactName).pipe(z.string().max(50, { error: '姓名不能超过50个字符' })),
  phone: phoneField,
  email: z
    .string({ error: MSG.emailInvalid })
    .trim()
    .max(254, { error: MSG.emailInvalid })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: MSG.emailInvalid })
    .optional()
    .nullable(),
  subject: requiredString(MSG.contactSubject).pipe(z.string().max(100, { error: '主题不能超过100个字符' })),
  message: requiredString(MSG.contactMessage).pipe(z.string().max(CONTACT_MESSAGE_MAX, { error: MSG.contactMessageMax })),
});
export type ContactBody = z.input<typeof contactBody>;
export const contactResponse = envelope(z.object({ id: z.string() }));
