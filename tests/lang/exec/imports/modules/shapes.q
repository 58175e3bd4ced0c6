% A module defining a class and a function on it (imported by imports/import_class.q).
% run: check
type circle : class
    radius : scalar
endtype
function a = area(c : circle)
    a = pi * c.radius^2
endfunction
