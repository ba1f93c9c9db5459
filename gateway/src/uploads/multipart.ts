import { DomainError } from '@avpass/platform';
import type { FastifyRequest } from 'fastify';

export interface MultipartForm {
  file: { field: string; buffer: Buffer; truncated: boolean } | null;
  fields: Record<string, string>;
}

/**
 * Reads a multipart form whatever the order of its parts, keeping one file (at most maxBytes + 1, so
 * an oversized one is detected without buffering it all).
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  maxBytes: number,
  /** Forms with more text than a photo's (a merch item's fields) raise these. */
  limits: { fields?: number; fieldSize?: number } = {},
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw DomainError.validation('Send the file as multipart/form-data');
  const form: MultipartForm = { file: null, fields: {} };
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: maxBytes,
        files: 1,
        fields: limits.fields ?? 10,
        fieldSize: limits.fieldSize ?? 1000,
      },
    })) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.fieldname === fileField) {
          form.file = {
            field: part.fieldname,
            buffer: Buffer.concat(chunks),
            truncated: part.file.truncated,
          };
        }
      } else {
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    // The multipart reader stops at the size cap; the caller answers with its own 413 message.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      return { file: { field: fileField, buffer: Buffer.alloc(1), truncated: true }, fields: form.fields };
    }
    // No boundary, a truncated body, a malformed part: the client sent a broken form, not our bug.
    throw DomainError.validation('The upload is not a valid multipart/form-data body');
  }
  return form;
}
