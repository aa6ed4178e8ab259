// The order's refusals that the checkout shows: per field, as a rule alert, or as a corrected address.
import { ORDER_FORM_TEXTS, type FormErrors } from '@shared/checkout';
import { HttpError } from '../http';

/** 400 with per-field messages (the checkout shows each under its field). */
export class FormError extends HttpError {
  constructor(readonly form: FormErrors, message = 'Bitte prüfe die markierten Felder.') {
    super(400, 'invalid_form', message);
  }
}

/** A failed checkout rule: title + text for the alert; `form` when it belongs to a field. */
export class CheckoutRuleError extends HttpError {
  constructor(readonly rule: { code: string; title: string; text: string; kind: 'alert' | 'confirm' }, readonly form?: FormErrors, status: 400 | 409 = 400) {
    super(status, rule.code, rule.text);
  }
}

/** 409 code 2: the gazetteer normalised the address differently than entered. */
export class AddressCorrectedError extends HttpError {
  constructor(readonly assumedLocation: { street: string; streetNumber: string; zip: string; city: string }) {
    super(409, 'address_corrected', `${ORDER_FORM_TEXTS.addressCorrectedTitle}: ${assumedLocation.street} ${assumedLocation.streetNumber}, ${assumedLocation.zip} ${assumedLocation.city}`);
  }
}
