% A program's own function shadows an imported one of the same signature, everywhere it
% is called (also from the module's functions), as a function in MATLAB's current folder
% shadows one on the path; an import never silently replaces the program's helper.
import "modules/helpers.q"
function y = clip01(x)
    y = max(0, min(1, x))
end
print clip01(3), " ", clip01(-2), " ", clip_all(0.25)
% expect: 1 0 10.25
