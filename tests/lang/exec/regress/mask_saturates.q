% A conditional assignment into a 'sat array saturates like an element assignment.
U : vec[uint8'sat] = uint8([0, 5, 0])
U[U < 1] = 300
U[1] = -4
print U
% expect: [255,0,255]
