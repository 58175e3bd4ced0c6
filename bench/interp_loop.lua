-- interp_loop.lua - the reference for interp_loop.q: the same loop in Lua 5.4.
--
-- Locals throughout, as idiomatic Lua writes it (globals would make Lua slower and the
-- comparison easier). The loop adds exactly 1 per iteration and prints 10000000.0, as
-- interp_loop.q does; bench/run.sh checks that the two outputs agree.
--
--   lua5.4 bench/interp_loop.lua

local function f(x)
    return x * 0.5 + 1
end

local s = 0.0
for i = 0, 9999999 do
    s = s + (f(i) - i * 0.5)
end
io.write(string.format("%.1f\n", s))
