% A module imported by tests in the folder above; also checked on its own.
% run: check
type point : class
    x : scalar
    y : scalar
endtype
function a = circle_area(r)
    a = pi * r^2
endfunction
function n = norm2(p : point)
    n = sqrt(p.x^2 + p.y^2)
endfunction
