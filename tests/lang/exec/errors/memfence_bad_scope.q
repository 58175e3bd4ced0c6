% memfence written as a call with a string takes the same scopes as the keyword form.
memfence("block")
print "ok"
memfence("warp")
% expect: ok
% expect error: line 4: memfence: the scope is grid, block or system
