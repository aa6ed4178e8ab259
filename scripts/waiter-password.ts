// Prints the hash of a waiter password for the shop data file (shopSettings[].waiterPassword):
//   npm run waiter-password -- 'das-geheime-passwort'
import { hashWaiterPassword } from '../server/table/waiter';

const pw = process.argv[2];
if (!pw) {
  console.error("Aufruf: npm run waiter-password -- '<Passwort>'");
  process.exit(2);
}
hashWaiterPassword(pw).then((h) => console.log(h));
