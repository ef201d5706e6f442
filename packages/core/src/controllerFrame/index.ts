export * from './portalIdExchange.js';
