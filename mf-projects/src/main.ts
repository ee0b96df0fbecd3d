// Async boundary: shared modules (react, web-kit, ...) are negotiated before bootstrap runs.
import('./bootstrap');
