/**
 * Every impossible input becomes a BaziInputError whose message can be shown to the
 * user as is (Chinese, names the offending value). The server maps it to a 400; any
 * other error from this package is a bug and should surface as '排盘失败，请重试'.
 */
export type BaziErrorCode =
  | 'INVALID_REQUEST'
  | 'INVALID_NUMBER'
  | 'YEAR_OUT_OF_RANGE'
  | 'INVALID_MONTH'
  | 'INVALID_DAY'
  | 'INVALID_HOUR'
  | 'INVALID_MINUTE'
  | 'INVALID_LEAP_MONTH'
  | 'INVALID_GENDER'
  | 'INVALID_CALENDAR'
  | 'INVALID_PLACE'
  | 'INVALID_OPTION'
  | 'NONEXISTENT_TIME';

export class BaziInputError extends Error {
  override readonly name = 'BaziInputError';

  constructor(
    readonly code: BaziErrorCode,
    message: string,
    /** The request field at fault, when there is one (e.g. 'day', 'birth_place'). */
    readonly field?: string,
  ) {
    super(message);
  }
}

export function isBaziInputError(error: unknown): error is BaziInputError {
  return error instanceof BaziInputError;
}
