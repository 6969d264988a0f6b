package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.gateway.acesso.TokensDeAcesso;
import br.com.lojaapi.gateway.web.Ids;
import io.swagger.v3.oas.annotations.Hidden;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import io.swagger.v3.oas.annotations.Operation;

/** Store API tokens: created (shown once), listed with their usage, revoked. */
@Hidden
@RestController
@RequestMapping(path = "/admin/lojas/{lojaId}/tokens", produces = "application/json")
class TokenAdminController {

    private static final String TOKEN_NAO_ENCONTRADO = "Token não encontrado";

    private final TokensDeAcesso tokens;
    private final Lojas lojas;
    private final Clock relogio;

    TokenAdminController(TokensDeAcesso tokens, Lojas lojas, Clock relogio) {
        this.tokens = tokens;
        this.lojas = lojas;
        this.relogio = relogio;
    }

    record NovoToken(@NotBlank(message = "Informe o nome do token") @Size(max = 100, message = "nome: no máximo 100 caracteres")
                     String nome) {
    }

    record TokenRevogado(String id, boolean revogado) {
    }

    @PostMapping(consumes = "application/json")
    @Operation(operationId = "criarTokenDaLoja")
    ResponseEntity<TokensDeAcesso.Novo> criar(@PathVariable String lojaId, @Valid @RequestBody NovoToken corpo) {
        exigirLoja(lojaId);
        return ResponseEntity.status(HttpStatus.CREATED)
                             .body(tokens.criar(lojaId, corpo.nome().strip(), relogio.instant()));
    }

    @GetMapping
    @Operation(operationId = "listarTokensDaLoja")
    Map<String, List<TokensDeAcesso.Resumo>> listar(@PathVariable String lojaId) {
        exigirLoja(lojaId);
        return Map.of("tokens", tokens.listar(lojaId));
    }

    @DeleteMapping("/{tokenId}")
    @Operation(operationId = "revogarTokenDaLoja")
    TokenRevogado revogar(@PathVariable String lojaId, @PathVariable String tokenId) {
        exigirLoja(lojaId);
        Ids.exigir(tokenId, TOKEN_NAO_ENCONTRADO);
        tokens.revogar(lojaId, tokenId, relogio.instant())
              .orElseThrow(() -> ErroDeNegocio.naoEncontrado(TOKEN_NAO_ENCONTRADO));
        return new TokenRevogado(tokenId, true);
    }

    private void exigirLoja(String lojaId) {
        lojas.exigir(lojaId);
    }
}
