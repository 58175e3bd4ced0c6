% memfence takes one of three scopes (spec 000 "Memory synchronization").
% run: parse
% expect error: line 4: unknown memory fence 'warp' (expected grid, block or system)
memfence(warp)
