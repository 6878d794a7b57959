// What the orders services run with: the database, message delivery and the log, the payment provider
// (none when online payment is off), and how long an online order waits for its payment.
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import type { Delivery } from "../auth/delivery.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";

export interface OrdersDeps {
  db: Kysely<DB>;
  delivery: Delivery;
  logger: Logger;
  provider?: PaymentProvider;
  paymentTimeoutMinutes: number;
}

export type Db = Kysely<DB> | Transaction<DB>;
