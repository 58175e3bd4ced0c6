% Calling a function that is not defined.
% run: check
% expect error: line 5: 'blur' is not defined
img = zeros(4, 4)
y = blur(img)
