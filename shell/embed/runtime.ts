// Async boundary: shared modules (React, the stores) are negotiated with the remotes first.
import('./boot');
