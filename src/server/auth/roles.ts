import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SchemaError } from '../../engine/core';
import { SCHEMAS_DIR } from '../schema-files';

export const ROLES_FILE = 'roles.json';

/** The role a fresh install's first operator and every operator from before roles existed hold. */
export const OWNER_ROLE = 'owner';

/** The two calls every role has: an operator who must change their password may make only these. */
export const ACCOUNT_ACTIONS = ['account.read', 'account.password'] as const;

export interface Role {
  name: string;
  label: string;
  description: string;
  actions: ReadonlySet<string>;
}

/** roles.json read and checked: the actions (each with the words a refusal uses) and the roles holding them. */
export interface Roles {
  /** Action -> what it lets one do ("delete bills"), for "Your role (accountant) may not delete bills." */
  actions: ReadonlyMap<string, string>;
  roles: ReadonlyMap<string, Role>;
}

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function readActions(file: Raw): Map<string, string> {
  if (!isObject(file.actions)) throw new SchemaError(ROLES_FILE, '"actions" must be an object of action -> what it allows');
  const actions = new Map<string, string>();
  for (const [action, words] of Object.entries(file.actions)) {
    if (!/^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$/.test(action))
      throw new SchemaError(ROLES_FILE, `action "${action}" must be named like "bills.read"`);
    if (!isText(words)) throw new SchemaError(ROLES_FILE, `action "${action}" needs the words of what it allows`);
    actions.set(action, words);
  }
  return actions;
}

function readRole(name: string, raw: unknown, actions: ReadonlyMap<string, string>): Role {
  const at = `role "${name}"`;
  if (!isObject(raw) || !isText(raw.label)) throw new SchemaError(ROLES_FILE, `${at} needs a "label"`);
  const listed = raw.actions === 'all' ? [...actions.keys()] : raw.actions;
  if (!Array.isArray(listed)) throw new SchemaError(ROLES_FILE, `${at}: "actions" must be "all" or a list of actions`);
  for (const action of listed) {
    if (typeof action !== 'string' || !actions.has(action))
      throw new SchemaError(ROLES_FILE, `${at} names action ${JSON.stringify(action)}, which "actions" does not declare`);
  }
  for (const action of ACCOUNT_ACTIONS) {
    if (!listed.includes(action)) throw new SchemaError(ROLES_FILE, `${at} must hold "${action}"`);
  }
  const description = isText(raw.description) ? raw.description : '';
  return { name, label: raw.label, description, actions: new Set(listed as string[]) };
}

/** Checks roles.json's content; a mistake throws a SchemaError naming the file. */
export function readRoles(file: unknown): Roles {
  if (!isObject(file)) throw new SchemaError(ROLES_FILE, 'must be an object with "actions" and "roles"');
  const actions = readActions(file);
  if (!isObject(file.roles)) throw new SchemaError(ROLES_FILE, '"roles" must be an object of role -> {label, actions}');
  const roles = new Map(Object.entries(file.roles).map(([name, raw]) => [name, readRole(name, raw, actions)] as const));
  const owner = roles.get(OWNER_ROLE);
  if (!owner || owner.actions.size !== actions.size)
    throw new SchemaError(ROLES_FILE, `role "${OWNER_ROLE}" must exist and hold "all" actions: existing operators become owners`);
  return { actions, roles };
}

/** schemas/roles.json, read and checked. */
export function loadRoles(dir: string = SCHEMAS_DIR): Roles {
  const text = readFileSync(join(dir, ROLES_FILE), 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SchemaError(ROLES_FILE, `is not valid JSON: ${(error as Error).message}`);
  }
  return readRoles(parsed);
}
