import type { FastifyRequest } from 'fastify';
import { isIsoDay, type BillType, type Registry } from '../../engine/core';
import { badRequest } from './errors';

export type Body = Record<string, unknown>;

/** The JSON object a request carries; an absent body reads as `{}`. */
export function bodyOf(request: FastifyRequest): Body {
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  return body as Body;
}

/** A bill type named by a body field (`billtype`, or `type` on create). */
export function billTypeFrom(registry: Registry, body: Body, field = 'billtype'): BillType {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw badRequest(`Please provide the ${field}.`);
  const billType = typeof value === 'string' ? registry.byType(value) : undefined;
  if (!billType) throw badRequest(`Unknown ${field}: ${JSON.stringify(value).slice(0, 60)}.`);
  return billType;
}

/** A bill number: a positive whole number, as a JSON number or digits in a string. */
export function billNumberFrom(body: Body, field = 'billno'): number {
  const value = body[field];
  const digits = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}$/.test(digits) || Number(digits) < 1)
    throw badRequest(`Please provide a valid ${field} (a whole number from 1).`);
  return Number(digits);
}

/** An optional text field; a wrong type is refused rather than ignored. */
export function optionalText(body: Body, field: string, maxLength = 200): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > maxLength)
    throw badRequest(`${field} must be text of at most ${maxLength} characters.`);
  return value;
}

/** An optional whole number within bounds. */
export function optionalInteger(body: Body, field: string, min: number, max: number): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw badRequest(`${field} must be a whole number from ${min} to ${max}.`);
  }
  return number;
}

/** An optional value out of a fixed list. */
export function optionalChoice<T extends string>(body: Body, field: string, choices: readonly T[]): T | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!choices.includes(value as T)) throw badRequest(`${field} must be one of: ${choices.join(', ')}.`);
  return value as T;
}

/** An optional true or false; anything else there is refused. */
export function optionalBoolean(body: Body, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`${field} must be true or false.`);
  return value;
}

/** An optional day written YYYY-MM-DD; absent or empty is none. */
export function optionalDay(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (!isIsoDay(value)) throw badRequest(`${field} must be a date written YYYY-MM-DD.`);
  return value;
}
