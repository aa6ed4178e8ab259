// Prints the hash of a waiter password for the shop data file (shopSettings[].waiterPassword):
//   npm run waiter-password -- 'das-geheime-passwort'
// Passwords under WAITER_PASSWORD_MIN_LENGTH characters are refused (exit code 2).
import { hashWaiterPassword, waiterPasswordProblem } from '../server/table/waiter';

const pw = process.argv[2];
if (!pw) {
  console.error("Aufruf: npm run waiter-password -- '<Passwort>'");
  process.exit(2);
}
const problem = waiterPasswordProblem(pw);
if (problem) {
  console.error(problem);
  process.exit(2);
}
hashWaiterPassword(pw).then((h) => console.log(h));
