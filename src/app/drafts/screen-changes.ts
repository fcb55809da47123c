/**
 * The open bill screen's "are there unsaved changes?" check (EditorPage registers it), for Logout to ask
 * before it removes the operator's drafts. Calling it also writes the screen's pending draft at once.
 */
let current: (() => boolean) | undefined;

export function setScreenChangesCheck(check: (() => boolean) | undefined): void {
  current = check;
}

export function screenHasUnsavedChanges(): boolean {
  return current?.() ?? false;
}
