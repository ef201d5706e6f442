export * from './protocol.js';
export * from './portalIdExchange.js';
