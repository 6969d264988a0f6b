package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.gateway.limite.UsoDasCotas;
import io.swagger.v3.oas.annotations.Hidden;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** A store's tokens against their quotas ({@link UsoDasCotas}), for the console; 404 for an unknown store. */
@Hidden
@RestController
@RequestMapping(path = "/admin/lojas/{lojaId}/uso", produces = "application/json")
class UsoAdminController {

    private final Lojas lojas;
    private final UsoDasCotas uso;

    UsoAdminController(Lojas lojas, UsoDasCotas uso) {
        this.lojas = lojas;
        this.uso = uso;
    }

    @GetMapping
    UsoDasCotas.Uso ler(@PathVariable String lojaId) {
        lojas.exigir(lojaId);
        return uso.da(lojaId);
    }
}
