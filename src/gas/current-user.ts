// Who runs this execution, as far as Apps Script tells: an empty email where it may not say.
export function activeUserEmail(): string {
  return Session.getActiveUser().getEmail();
}
