import { findUnsafeText, firstErrorMessage, toFieldErrors, UNSAFE_TEXT_MESSAGE } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Validates a body, query or param with a contract schema: 400 `{message, errors}` on failure. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    // Every text field of every body and query, whatever its schema says (libs/contracts/src/text.ts).
    const unsafe = findUnsafeText(value);
    if (unsafe) throw DomainError.validation(UNSAFE_TEXT_MESSAGE, { [unsafe]: [UNSAFE_TEXT_MESSAGE] });
    const result = this.schema.safeParse(value);
    if (!result.success)
      throw DomainError.validation(firstErrorMessage(result.error), toFieldErrors(result.error));
    return result.data;
  }
}

export const zodPipe = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);
