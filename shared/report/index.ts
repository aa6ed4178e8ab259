// shared/report: the day at a glance ('Tagesbericht') and its CSV for the accountant.
export * from './day';
export * from './csv';
export * from './texts';
