// E-mail to the person themself (MailApp), for alerts they asked for: never more than the day's
// recipient quota allows, and never failing the work that sends it.

/** Sends one message; false when the quota is spent or Apps Script refuses it. */
export const sendMail = (to: string, subject: string, body: string): boolean => {
  try {
    if (!to || MailApp.getRemainingDailyQuota() < 1) return false;
    MailApp.sendEmail(to, subject, body);
    return true;
  } catch {
    return false;
  }
};
