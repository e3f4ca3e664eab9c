// Who runs this execution, as far as Apps Script tells: an empty email where it may not say.
export const activeUserEmail = (): string => Session.getActiveUser().getEmail();
