// Payment method icons (inline SVG, 48×32, no external images): the strip above the radio list.
import type { ReactNode } from 'react';
import type { PaymentMethod } from '@shared/domain';

const Frame = ({ children, fill = '#fff' }: { children: ReactNode; fill?: string }) => (
  <svg viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false">
    <rect x=".5" y=".5" width="47" height="31" rx="4" fill={fill} stroke="#bbb" />
    {children}
  </svg>
);

const Word = ({ text, color, size = 9 }: { text: string; color: string; size?: number }) => (
  <text x="24" y="19.5" textAnchor="middle" fontFamily="Arial,Helvetica,sans-serif" fontWeight="700" fontSize={size} fill={color}>
    {text}
  </text>
);

const ICONS: Record<string, () => ReactNode> = {
  cash: () => (
    <Frame fill="#eaf6ea">
      <rect x="8" y="9" width="32" height="14" rx="2" fill="#5a9e5a" />
      <circle cx="24" cy="16" r="4" fill="#eaf6ea" />
    </Frame>
  ),
  ec: () => (
    <Frame>
      <rect x="6" y="7" width="36" height="18" rx="2" fill="#0b3a82" />
      <rect x="10" y="11" width="7" height="5" rx="1" fill="#e8c24a" />
      <text x="33" y="21" textAnchor="middle" fontFamily="Arial,sans-serif" fontWeight="700" fontSize="8" fill="#fff">EC</text>
    </Frame>
  ),
  card: () => (
    <Frame>
      <rect x="6" y="7" width="36" height="18" rx="2" fill="#635bff" />
      <rect x="6" y="11" width="36" height="3" fill="#2b2670" />
      <rect x="10" y="18" width="14" height="2" rx="1" fill="#fff" />
    </Frame>
  ),
  paypal: () => (
    <Frame>
      <text x="24" y="20" textAnchor="middle" fontFamily="Arial,sans-serif" fontStyle="italic" fontWeight="700" fontSize="10">
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#009cde">Pal</tspan>
      </text>
    </Frame>
  ),
  sofort: () => <Frame fill="#fff5f0"><Word text="SOFORT" color="#ef809f" size={8} /></Frame>,
  alipay: () => <Frame><Word text="Alipay" color="#1677ff" /></Frame>,
  amazon: () => (
    <Frame fill="#232f3e">
      <Word text="amazon" color="#fff" size={8} />
      <path d="M14 22 q10 4 20 0" stroke="#ff9900" strokeWidth="1.5" fill="none" />
    </Frame>
  ),
};

const KIND: Record<PaymentMethod, keyof typeof ICONS> = {
  offline: 'cash',
  offline_debit: 'ec',
  PayPal_Platform: 'paypal',
  PayPal_Rest: 'paypal',
  Stripe_card: 'card',
  Stripe_sofort: 'sofort',
  Stripe_alipay: 'alipay',
  AmazonPay_Checkout: 'amazon',
  Heidelpay_PayPal: 'paypal',
  Heidelpay_Sofort: 'sofort',
  Sofort: 'sofort',
};

export function PaymentIcon({ method }: { method: PaymentMethod }) {
  return <>{ICONS[KIND[method] ?? 'card']()}</>;
}
