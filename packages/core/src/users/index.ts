export * from './usersClient.js';
