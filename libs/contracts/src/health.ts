import { z } from 'zod';

export const dependencyHealthSchema = z.object({
  status: z.enum(['up', 'down']),
  message: z.string().optional(),
});

export const serviceHealthSchema = z.object({
  service: z.string(),
  status: z.enum(['up', 'down']),
  details: z.record(z.string(), dependencyHealthSchema),
});
export type ServiceHealth = z.infer<typeof serviceHealthSchema>;
