export { AlertsPage } from './alerts-page';
export { CreateAlertButton } from './create-alert-button';
export { IndicatorPanels } from './indicator-panels';
