/** A failure the API answers as JSON {message} with a status; anything else is a 500 without details. */
export class ApiError extends Error {
  readonly status: number;
  readonly extra: Record<string, unknown>;
  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message = 'not found') => new ApiError(404, message);
export const unauthorized = (message = 'Authorization required') => new ApiError(401, message);
