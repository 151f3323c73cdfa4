import type { PaymentProviderName } from "@matchdesk/contract";
import type { PaymentsConfig } from "../../config.js";
import { AppError } from "../../platform/errors.js";
import { signWebhookBody, verifyWebhookSignature } from "../../platform/signed-webhook.js";

export type CheckoutRequest = {
  paymentId: string;
  /** `MD-2026-000123`: shown on the provider's page and receipt, and kept in its metadata. */
  invoiceNumber: string;
  productName: string;
  amountCents: number;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
};

/** Where the buyer pays. No card data ever reaches this server. */
export type PaymentProvider = {
  name: PaymentProviderName;
  /** Answers the provider's reference and the page to send the buyer to (null: an admin confirms). */
  createCheckout(request: CheckoutRequest): Promise<{ ref: string | null; url: string | null }>;
};

/** The default: a payment request that an administrator confirms when the money has arrived. */
export const manualProvider: PaymentProvider = {
  name: "manual",
  createCheckout: async () => ({ ref: null, url: null }),
};

/** Stripe Checkout through its HTTP API (form-encoded, Bearer secret key) at a configurable base URL. */
export function stripeProvider(config: { secretKey: string; apiBase: string }): PaymentProvider {
  return {
    name: "stripe",
    async createCheckout(request) {
      const form = new URLSearchParams({
        mode: "payment",
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.paymentId,
        customer_email: request.customerEmail,
        "metadata[paymentId]": request.paymentId,
        "metadata[invoiceNumber]": request.invoiceNumber,
        "payment_intent_data[description]": `${request.productName}, invoice ${request.invoiceNumber}`,
        "payment_intent_data[metadata][invoiceNumber]": request.invoiceNumber,
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][unit_amount]": String(request.amountCents),
        "line_items[0][price_data][product_data][name]": request.productName,
        "line_items[0][price_data][product_data][description]": `Invoice ${request.invoiceNumber}`,
      });
      let response: Response;
      try {
        response = await fetch(`${config.apiBase}/v1/checkout/sessions`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${config.secretKey}`,
            "content-type": "application/x-www-form-urlencoded",
            "idempotency-key": request.paymentId,
          },
          body: form,
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        throw new AppError("PAYMENT_PROVIDER_FAILED", 503, "The payment provider cannot be reached");
      }
      const session = (await response.json().catch(() => null)) as { id?: unknown; url?: unknown } | null;
      if (!response.ok || typeof session?.id !== "string" || typeof session.url !== "string") {
        throw new AppError("PAYMENT_PROVIDER_FAILED", 503, "The payment provider refused the checkout");
      }
      return { ref: session.id, url: session.url };
    },
  };
}

export function openPaymentProvider(config: PaymentsConfig): PaymentProvider {
  return config.provider === "stripe" ? stripeProvider(config) : manualProvider;
}

/**
 * Checks a `Stripe-Signature` header as Stripe's libraries do: `t=<unix seconds>,v1=<hex>` (one
 * v1 per secret while Stripe rolls one), v1 being the HMAC of the platform's signed webhooks.
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowSeconds?: number,
): boolean {
  if (!header) return false;
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.split("=", 2).map((s) => s.trim());
    if (key === "t" && value && /^\d+$/.test(value)) timestamp = value;
    else if (key === "v1" && value) signatures.push(value);
  }
  return verifyWebhookSignature({ rawBody, timestamp, signatures }, secret, nowSeconds);
}

/** Signs a payload as Stripe does (for tests and local tools that stand in for Stripe). */
export function signStripePayload(
  rawBody: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
) {
  return `t=${timestamp},v1=${signWebhookBody(rawBody, secret, timestamp)}`;
}
