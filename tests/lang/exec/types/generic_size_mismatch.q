% Spec 004 §2.2.4: a generic size parameter ties the sizes of two arguments; a call where
% im_in and im_out differ in the third dimension is an error naming the argument.
function [] = color_transform[P : int](im_in : cube(:,:,P), im_out : cube(:,:,P))
    print "P = ", P
endfunction
color_transform(zeros(2,2,3), zeros(4,4,3))
color_transform(zeros(2,2,1), zeros(2,2))
color_transform(zeros(2,2,3), zeros(2,2,4))
print "not reached"
% expect: P = 3
% expect: P = 1
% expect error: line 8: argument 'im_out' of 'color_transform' has size 4 in dimension 2, not P = 3
