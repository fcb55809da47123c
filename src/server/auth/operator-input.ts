import type { Registry } from '../../engine/core';
import { badRequest } from '../http/errors';
import type { Roles } from './roles';

/** A role of roles.json, or a 400 listing them (the CLI prints the same words). */
export function roleFrom(roles: Roles, value: unknown): string {
  if (typeof value === 'string' && roles.roles.has(value)) return value;
  throw badRequest(`role must be one of ${[...roles.roles.keys()].join(', ')}.`);
}

/** null (every unit) or a non-empty list of the registry's unit slugs. */
export function unitsFrom(registry: Registry, value: unknown): string[] | null {
  if (value === null || value === 'all') return null;
  const slugs = registry.units.map((unit) => unit.slug);
  const listed = Array.isArray(value) ? value : undefined;
  if (!listed || listed.length === 0 || !listed.every((slug) => typeof slug === 'string' && slugs.includes(slug)))
    throw badRequest(`units must be null (every unit) or a list of ${slugs.join(', ')}.`);
  return [...new Set(listed as string[])];
}

export function emailFrom(value: unknown): string {
  if (typeof value !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(value.trim())) throw badRequest('Please provide the e-mail address.');
  return value.trim().toLowerCase();
}
