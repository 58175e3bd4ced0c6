% Spec 004 §2.4.1: the color_temperature kernel (cube input, an untyped temp, vec3 colours, x[m,n,0..2] reads and writes) with the device function lerp.
% adapted: "(0.25)*temp" is (-0.25)*temp (minus lost); lerp is the spec's device lambda left untyped, since the kernel calls it with vec3 colours; a 2x2 synthetic image.
lerp = __device__ (a, b, d) -> a + (b - a) * d
function [] = __kernel__ color_temperature(x : cube, y : cube, temp,
cold : vec3, hot : vec3, pos : ivec2)
    input = x[pos[0],pos[1],0..2]
    if temp<0
        output = lerp(input,cold,(-0.25)*temp)
    else
        output = lerp(input,hot,0.25*temp)
    endif
    y[pos[0],pos[1],0..2] = output
endfunction
hot = [1.0,0.2,0.0]*255
cold = [0.3,0.4,1]*255
img_in = zeros(2, 2, 3)
img_in[0, 1, :] = [255, 255, 255]
img_in[1, 0, :] = [100, 50, 10]
img_in[1, 1, :] = [20, 40, 60]
img_out = zeros(size(img_in))
for temp = [2, -2, -4, 0]
    parallel_do(size(img_out,0..1),img_in,img_out,temp,cold,hot,color_temperature)
    print img_out
endfor
% expect: [[[127.5,25.5,0],[255,153,127.5]],[[177.5,50.5,5],[137.5,45.5,30]]]
% expect: [[[38.25,51,127.5],[165.75,178.5,255]],[[88.25,76,132.5],[48.25,71,157.5]]]
% expect: [[[76.5,102,255],[76.5,102,255]],[[76.5,102,255],[76.5,102,255]]]
% expect: [[[0,0,0],[255,255,255]],[[100,50,10],[20,40,60]]]
