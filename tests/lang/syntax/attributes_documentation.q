% run: parse
% The documentation attributes of Quasar's library files are known attributes: no
% "unknown code attribute" warning (an unexpected diagnostic would fail this test).
{!author name="A. Author"}
{!doc category="Image Processing/Filters"}
function y = f(x)
    y = x
end
