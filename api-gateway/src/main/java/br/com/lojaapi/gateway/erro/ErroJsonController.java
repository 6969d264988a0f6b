package br.com.lojaapi.gateway.erro;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Errors raised outside Spring MVC (filters, the servlet container) are forwarded here by the container; they get
 * the same {@code {erro}} body, never Spring Boot's default page with exception details.
 */
@RestController
class ErroJsonController implements ErrorController {

    @RequestMapping("/error")
    ResponseEntity<Object> erro(HttpServletRequest requisicao) {
        Object codigo = requisicao.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        if (requisicao.getDispatcherType() != DispatcherType.ERROR && codigo == null) {
            // Asked for by name: there is no resource here (security answers this first; this is the fallback).
            return RespostasDeErro.entidade(HttpStatus.NOT_FOUND, RespostasDeErro.mensagemPadrao(404));
        }
        int status = codigo instanceof Integer numero ? numero : 500;
        HttpStatus http = HttpStatus.resolve(status);
        if (http == null || status < 400) {
            http = HttpStatus.INTERNAL_SERVER_ERROR;
        }
        Throwable causa = (Throwable) requisicao.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        for (Throwable atual = causa; atual != null; atual = atual.getCause()) {
            if (atual instanceof CorpoGrandeDemaisException grande) {
                return TratadorDeErros.corpoGrande(grande.limite());
            }
        }
        return RespostasDeErro.entidade(http, RespostasDeErro.mensagemPadrao(http.value()));
    }
}
