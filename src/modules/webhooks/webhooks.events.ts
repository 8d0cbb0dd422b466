declare module '../../infra/events.js' {
  interface InternalEventMap {
    /**
     * A subscription was disabled because its receiver kept failing (five days, or a 410): heard in
     * this process only (its URL is for owners and admins, not the organization's room); the
     * notifications module tells the organization's owners and admins (decision 1043).
     */
    'webhook.subscription.disabled': { subscriptionId: string; organizationId: string; url: string; reason: string };
  }
}

export {};
